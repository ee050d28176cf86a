import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminFaqsApi } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { EditorCard, TextInput } from '../features/theme/fields';
import { call } from '../lib/api';
import { useCreateByName } from '../lib/use-create-by-name';

export const meta = () => [{ title: 'FAQs · Shop admin' }];

/** The FAQ groups (issue 28): each opens its question editor; a new group is made from its title. */
export default function Faqs() {
  const q = useQuery({ queryKey: ['faqs'], queryFn: async () => (await call(adminFaqsApi.list)).data.groups });
  const {
    name: title,
    typed,
    error,
    create,
    pending,
  } = useCreateByName({
    listKey: 'faqs',
    path: '/faqs',
    field: 'title',
    create: async (title) => (await call(adminFaqsApi.create, { body: { title } })).data,
  });
  return (
    <>
      <PageHeader
        title="FAQs"
        description="Groups of questions and answers. A template’s FAQ section shows one group; a saved group shows to shoppers at once."
      />
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <Failed error={q.error} retry={() => q.refetch()} />
        ) : !q.data.length ? (
          <Empty title="No FAQ groups yet">Make one beside this list, then add its questions.</Empty>
        ) : (
          <ul className="card divide-y divide-line" data-testid="faq-list">
            {q.data.map((g) => (
              <li key={g.id}>
                <Link
                  to={`/faqs/${g.id}`}
                  className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-stone-50"
                  data-testid={`faq-${g.id}`}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{g.title}</span>
                    <span className="block text-sm text-muted">
                      {g.item_count} question{g.item_count === 1 ? '' : 's'} ·{' '}
                      {g.used_by.length ? `shown by ${g.used_by.map((t) => t.name).join(', ')}` : 'not shown yet'}
                    </span>
                  </span>
                  <span aria-hidden="true" className="text-muted">
                    ›
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create();
          }}
        >
          <EditorCard title="New group">
            <TextInput
              label="Title"
              value={title}
              onChange={typed}
              error={error}
              hint="For example “Delivery and returns”"
              testId="new-faq-title"
            />
            <div>
              <Button type="submit" variant="primary" isDisabled={pending} data-testid="create-faq">
                {pending ? 'Creating…' : 'Create group'}
              </Button>
            </div>
          </EditorCard>
        </form>
      </div>
    </>
  );
}
