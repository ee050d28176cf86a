import { Suspense, lazy } from 'react';
import { Loading, PageHeader } from '../components/ui/states';

/** The editor (react-aria's drag and drop list, the form, the preview) loads after the screen's frame. */
const TestimonialsEditor = lazy(() =>
  import('../features/testimonials/editor').then((m) => ({ default: m.TestimonialsEditor })),
);

export const meta = () => [{ title: 'Testimonials · Shop admin' }];

/** /testimonials: what customers say, beside the home page's preview (features/testimonials/editor.tsx). */
export default function TestimonialsRoute() {
  return (
    <Suspense
      fallback={
        <>
          <PageHeader title="Testimonials" />
          <Loading label="Loading the testimonials…" />
        </>
      }
    >
      <TestimonialsEditor />
    </Suspense>
  );
}
