import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, adminFormsApi } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { EditorCard, TextInput } from '../features/theme/fields';
import { call, errorText } from '../lib/api';
import { failure } from '../lib/toast';

export const meta = () => [{ title: 'Forms · Shop admin' }];

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The shop's forms (issue 28): each opens its editor; a new form is made from its name. */
export default function Forms() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['forms'], queryFn: async () => (await call(adminFormsApi.list)).data.forms });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: async () => (await call(adminFormsApi.create, { body: { name } })).data,
    onSuccess: (f) => {
      void qc.invalidateQueries({ queryKey: ['forms'], exact: true });
      void navigate(`/forms/${f.id}`);
    },
    onError: (err: unknown) => {
      const field = err instanceof ApiError ? (err.errors.name?.[0] ?? err.errors.id?.[0]) : undefined;
      if (field) setError(field);
      else void failure(errorText(err));
    },
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
                      {plural(f.field_count, 'field')} · {plural(f.submission_count, 'message')} ·{' '}
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
            create.mutate();
          }}
        >
          <EditorCard title="New form">
            <TextInput
              label="Name"
              value={name}
              onChange={(v) => {
                setError(undefined);
                setName(v);
              }}
              error={error}
              hint="For example “Custom orders”. It starts with one message box."
              testId="new-form-name"
            />
            <div>
              <Button type="submit" variant="primary" isDisabled={create.isPending} data-testid="create-form">
                {create.isPending ? 'Creating…' : 'Create form'}
              </Button>
            </div>
          </EditorCard>
        </form>
      </div>
    </>
  );
}
