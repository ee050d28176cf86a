import { useQuery } from '@tanstack/react-query';
import { adminSlidersApi } from '@shopfront/shared';
import { Button } from '../components/ui/button';
import { LinkRow } from '../components/ui/link-row';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { EditorCard, TextInput } from '../features/theme/fields';
import { call } from '../lib/api';
import { useCreateByName } from '../lib/use-create-by-name';

export const meta = () => [{ title: 'Sliders · Shop admin' }];

/** The hero sliders (issue 28): each opens its slide editor; a new slider is made from its name. */
export default function Sliders() {
  const q = useQuery({ queryKey: ['sliders'], queryFn: async () => (await call(adminSlidersApi.list)).data.sliders });
  const { name, typed, error, create, pending } = useCreateByName({
    listKey: 'sliders',
    path: '/sliders',
    field: 'name',
    create: async (name) => (await call(adminSlidersApi.create, { body: { name } })).data,
  });
  return (
    <>
      <PageHeader
        title="Sliders"
        description="The big pictures at the top of a page, one after another. A template’s hero slider section shows one; a saved slider shows to shoppers at once."
      />
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <Failed error={q.error} retry={() => q.refetch()} />
        ) : !q.data.length ? (
          <Empty title="No sliders yet">Make one beside this list, then add its slides.</Empty>
        ) : (
          <ul className="card divide-y divide-line" data-testid="slider-list">
            {q.data.map((s) => (
              <LinkRow
                key={s.id}
                to={`/sliders/${s.id}`}
                testId={`slider-${s.id}`}
                title={s.name}
                truncate={false}
                detail={`${s.slide_count} slide${s.slide_count === 1 ? '' : 's'} · ${
                  s.used_by.length ? `shown by ${s.used_by.map((t) => t.name).join(', ')}` : 'not shown yet'
                }`}
              />
            ))}
          </ul>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create();
          }}
        >
          <EditorCard title="New slider">
            <TextInput
              label="Name"
              value={name}
              onChange={typed}
              error={error}
              hint="For example “Summer sale”; screen readers read it out"
              testId="new-slider-name"
            />
            <div>
              <Button type="submit" variant="primary" isDisabled={pending} data-testid="create-slider">
                {pending ? 'Creating…' : 'Create slider'}
              </Button>
            </div>
          </EditorCard>
        </form>
      </div>
    </>
  );
}
