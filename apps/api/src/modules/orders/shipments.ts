import { sql, type SQL } from 'drizzle-orm';
import type { Shipment } from '@shopfront/shared';
import { isoSql } from '../../db/sql-time.ts';

/** A parcel as shipmentsSql reads it (snake_case JSON). */
export interface ShipmentRow {
  carrier: string;
  waybill: string;
  tracking_url: string | null;
  scans: { at: string; location: string; status: string; description: string }[];
}

/**
 * The parcels of the order whose id is `orderId` (a column of the outer statement), each with its
 * carrier scans newest first, as one JSON array of ShipmentRow: the order details and the
 * tracking page read them alike.
 */
export const shipmentsSql = (orderId: SQL): SQL =>
  sql`(select coalesce(json_agg(s order by s.id), '[]'::json) from (
         select sh.id, sh.carrier, sh.waybill, sh.tracking_url,
           (select coalesce(json_agg(sc order by sc.scanned_at desc, sc.id desc), '[]'::json) from (
              select id, scanned_at, ${isoSql(sql`scanned_at`)} as at, location, status, description
                from shipment_scans where shipment_id = sh.id) sc) as scans
           from shipments sh where sh.order_id = ${orderId}) s)`;

/** The API's parcel from its row (pure). */
export const toShipment = (s: ShipmentRow): Shipment => ({
  carrier: s.carrier,
  waybill: s.waybill,
  tracking_url: s.tracking_url,
  scans: s.scans.map((c) => ({ at: c.at, location: c.location, status: c.status, description: c.description })),
});
