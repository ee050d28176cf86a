import type { ReactNode } from 'react';

/** The heading every section starts with; nothing when the owner left the title empty. */
export function SectionHeading({
  id,
  title,
  eyebrow,
  action,
  center = false,
}: {
  id: string;
  title: string;
  eyebrow?: string;
  action?: ReactNode;
  center?: boolean;
}) {
  if (!title) return null;
  return (
    <div
      className={`mb-6 flex gap-4 md:mb-8 ${center ? 'flex-col items-center text-center' : 'items-end justify-between'}`}
    >
      <div>
        {eyebrow && <p className="mb-1.5 text-xs font-semibold tracking-[0.16em] text-primary uppercase">{eyebrow}</p>}
        <h2 id={id} className="text-2xl font-semibold md:text-3xl">
          {title}
        </h2>
      </div>
      {action}
    </div>
  );
}
