import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PreviewingBar } from '../history/content-history';
import type { VersionPreview } from '../history/use-version-preview';
import { useEditFromPreview } from '../templates/edit-from-preview';
import { templatesQuery } from '../templates/templates-query';
import { PreviewFrame, type PreviewMessage } from '../theme/preview-frame';
import { EditPreviewLayout, type EditPreviewTab } from './edit-preview-layout';

/**
 * An editor of content the shop's sections show (slides, FAQ questions, testimonials) beside the
 * shop in preview mode, framing the page of the first template in `usedBy` that has one (else the
 * home page, or `unused` when given: what the preview pane says instead when no template shows
 * the content): `message` (docs/preview-protocol.md) is posted on every change and after every
 * reload of the frame, so the unsaved list shows in the sections that show it. The frame's Edit
 * buttons open the menu and template editors, as in the other editors. With `history`, a kept
 * version History previews is announced above the frame (PreviewingBar), and a phone turns to the
 * Preview tab to show it.
 */
export function EditorWithPreview({
  id,
  label,
  message,
  usedBy = [],
  history,
  unused,
  editor,
}: {
  /** Prefix of the panels' ids. */
  id: string;
  /** The Edit / Preview tab bar's accessible name. */
  label: string;
  message: PreviewMessage;
  /** The templates that show the content, in the API's order. */
  usedBy?: { id: string }[];
  /** The editor's useVersionPreview, when it has a History. */
  history?: VersionPreview;
  /** Shown in place of the frame when no template shows the content (else the home page is framed). */
  unused?: ReactNode;
  editor: ReactNode;
}) {
  const [tab, setTab] = useState<EditPreviewTab>('edit');
  // A version History starts previewing turns a phone to the Preview tab (adjusted while rendering).
  const previewingId = history?.previewing?.id;
  const [shownId, setShownId] = useState(previewingId);
  if (previewingId !== shownId) {
    setShownId(previewingId);
    if (previewingId !== undefined) setTab('preview');
  }
  const onEdit = useEditFromPreview();
  const templates = useQuery({ ...templatesQuery, enabled: usedBy.length > 0 });
  const path = usedBy.map((u) => templates.data?.find((t) => t.id === u.id)?.path).find(Boolean) ?? '/';
  return (
    <EditPreviewLayout
      id={id}
      label={label}
      tab={tab}
      onTab={setTab}
      editor={editor}
      preview={
        // The page is known once the templates are (a failed list previews the home page).
        usedBy.length === 0 && unused ? (
          <>
            {history && <PreviewingBar history={history} />}
            {unused}
          </>
        ) : usedBy.length > 0 && templates.isPending ? (
          <p className="text-sm text-muted">Loading the preview…</p>
        ) : (
          <>
            {history && <PreviewingBar history={history} />}
            <PreviewFrame path={path} message={message} version={0} onEdit={onEdit} />
          </>
        )
      }
    />
  );
}
