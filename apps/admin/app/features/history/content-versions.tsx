import { adminVersionsApi, type AdminVersion, type ContentVersionKind } from '@shopfront/shared';
import { call, errorText } from '../../lib/api';
import { failure } from '../../lib/toast';
import { VersionList } from './version-list';

/**
 * The saved versions of a Theme, page, post or menu (GET /api/admin/versions/:kind/:subject) in
 * the shared list; Preview and Restore fetch the version's body first. Loaded when History opens.
 */
export function ContentVersions({
  kind,
  subject,
  revision,
  previewing,
  busy,
  onClose,
  onPreview,
  onRestore,
}: {
  kind: ContentVersionKind;
  subject: string;
  revision: number;
  previewing: AdminVersion | null;
  busy: boolean;
  onClose: () => void;
  onPreview: (v: AdminVersion) => void;
  onRestore: (v: AdminVersion) => void;
}) {
  const load = (id: number) => call(adminVersionsApi.get, { params: { kind, subject, id } }).then((r) => r.data);
  const failed = (err: unknown) => void failure(errorText(err));
  return (
    <VersionList
      queryKey={['versions', kind, subject, revision]}
      fetch={async () =>
        (await call(adminVersionsApi.list, { params: { kind, subject } })).data.versions.map((v) => ({
          ...v,
          detail: v.summary,
        }))
      }
      previewing={previewing?.id ?? null}
      busy={busy}
      onClose={onClose}
      onPreview={(v) => void load(v.id).then(onPreview, failed)}
      onRestore={(v) => void load(v.id).then(onRestore, failed)}
    />
  );
}
