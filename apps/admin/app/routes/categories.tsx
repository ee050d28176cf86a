import { useState } from 'react';
import { Button } from '../components/ui/button';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { CatalogGate } from '../features/catalog/not-allowed';
import { CategoryForm } from '../features/taxonomy/category-form';
import { CategoryTree } from '../features/taxonomy/category-tree';
import { useCategories, useSuperCategories } from '../features/taxonomy/queries';
import { SuperCategories } from '../features/taxonomy/super-categories';

export const meta = () => [{ title: 'Categories · Shop admin' }];

export default function CategoriesRoute() {
  return (
    <CatalogGate>
      <Categories />
    </CatalogGate>
  );
}

/** The category tree and the super categories (menu groups); every change is in the shop at once. */
function Categories() {
  const categories = useCategories();
  const supers = useSuperCategories();
  const [adding, setAdding] = useState(false);
  const failed = categories.isError ? categories : supers.isError ? supers : null;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Categories"
        description="Changes show in the shop’s menus and category pages straight away."
        action={
          <Button variant="primary" onPress={() => setAdding(true)} isDisabled={adding} data-testid="new-category">
            Add category
          </Button>
        }
      />
      {failed ? (
        <Failed error={failed.error} retry={() => void failed.refetch()} />
      ) : !categories.data || !supers.data ? (
        <Loading label="Loading the categories…" />
      ) : (
        <>
          {adding && (
            <div className="card p-3 sm:p-4">
              <h2 className="mb-3 font-semibold">New category</h2>
              <CategoryForm categories={categories.data} supers={supers.data} onDone={() => setAdding(false)} />
            </div>
          )}
          {categories.data.length === 0 ? (
            <Empty title="No categories yet">Add one, then put products in it from the product editor.</Empty>
          ) : (
            <CategoryTree categories={categories.data} supers={supers.data} />
          )}
          <SuperCategories supers={supers.data} />
        </>
      )}
    </div>
  );
}
