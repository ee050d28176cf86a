import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminFormsApi } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { EditorCard, TextInput } from '../features/theme/fields';
import { call } from '../lib/api';
import { counted } from '../lib/format';
import { useCreateByName } from '../lib/use-create-by-name';

export const meta = () => [{ title: 'Forms · Shop admin' }];

/** The shop's forms (issue 28): each opens its editor; a new form is made from its name. */
export default function Forms() {
  const q = useQuery({ queryKey: ['forms'], queryFn: async () => (await call(adminFormsApi.list)).data.forms });
  const { name, typed, error, create, pending } = useCreateByName({
    listKey: 'forms',
    path: '/forms',
    field: 'name',
    create: async (name) => (await call(adminFormsApi.create, { body: { name } })).data,
  });
  return (
    <>
      <PageHeader
        title="Forms"
        description="The contact form and the others shoppers fill in. A template’s Form section shows one; a saved form shows to shoppers at once."
      />
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <Failed error={q.error} retry={() => q.refetch()} />
        ) : !q.data.length ? (
          <Empty title="No forms yet">Make one beside this list, then choose its fields.</Empty>
        ) : (
          <ul className="card divide-y divide-line" data-testid="form-list">
            {q.data.map((f) => (
              <li key={f.id}>
                <Link
                  to={`/forms/${f.id}`}
                  className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-stone-50"
                  data-testid={`form-${f.id}`}
                >
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2 font-semibold">
                      {f.name}
                      {!f.is_active && (
                        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium">Off</span>
                      )}
                    </span>
                    <span className="block text-sm text-muted">
                      {counted(f.field_count, 'field')} · {counted(f.submission_count, 'message')} ·{' '}
                      {f.used_by.length ? `shown by ${f.used_by.map((t) => t.name).join(', ')}` : 'not shown yet'}
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
          <EditorCard title="New form">
            <TextInput
              label="Name"
              value={name}
              onChange={typed}
              error={error}
              hint="For example “Custom orders”. It starts with one message box."
              testId="new-form-name"
            />
            <div>
              <Button type="submit" variant="primary" isDisabled={pending} data-testid="create-form">
                {pending ? 'Creating…' : 'Create form'}
              </Button>
            </div>
          </EditorCard>
        </form>
      </div>
    </>
  );
}
