import { useQuery } from '@tanstack/react-query';
import { LinkRow } from '../components/ui/link-row';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { templatesQuery } from '../features/templates/templates-query';

export const meta = () => [{ title: 'Templates · Shop admin' }];

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The home page and every template (page layout), each opening its editor with live preview (issue 28). */
export default function Templates() {
  const q = useQuery(templatesQuery);
  return (
    <>
      <PageHeader
        title="Templates"
        description="The sections each page is built from. Edit them beside a live preview; shoppers see nothing until you publish."
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : q.data.length === 0 ? (
        <Empty title="No templates yet" />
      ) : (
        <ul className="card divide-y divide-line" data-testid="template-list">
          {q.data.map((t) => (
            <LinkRow
              key={t.id}
              to={`/templates/${t.id}`}
              testId={`template-${t.id}`}
              title={t.name}
              detail={
                <>
                  {t.id === 'home'
                    ? 'The home page'
                    : t.page_slug
                      ? `The page /${t.page_slug}`
                      : 'Pages without a layout of their own'}{' '}
                  · {t.section_count} section{t.section_count === 1 ? '' : 's'} · published {when(t.updated_at)}
                </>
              }
            >
              {t.has_draft && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Draft</span>
              )}
            </LinkRow>
          ))}
        </ul>
      )}
    </>
  );
}
