import { AreaGate } from '../../components/ui/area-gate';

/** The catalogue's screens for a role that may not use them (packer, content editor). */
export function CatalogGate({ children }: { children: React.ReactNode }) {
  return (
    <AreaGate area="catalog" what="The catalogue">
      {children}
    </AreaGate>
  );
}
