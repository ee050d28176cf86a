import { useId, useState } from 'react';
import type { AdminPicture, AdminPicturePatch } from '@shopfront/shared';
import { Button } from '../../../components/ui/button';
import { thumbnailUrl } from './api';

/** What a dragged thumbnail carries (files dropped on the section carry Files). */
const DRAG_TYPE = 'application/x-shopfront-picture';

interface Props {
  picture: AdminPicture;
  index: number;
  count: number;
  /** The product's colour option, when it has one. */
  colours: { name: string; values: string[] } | null;
  onMove: (to: number) => void;
  /** Drag and drop with a mouse: the picture dragged, and where it was dropped. */
  onDragFrom: () => void;
  onDropHere: () => void;
  onSave: (patch: AdminPicturePatch) => void;
  onDelete: () => void;
}

/**
 * One picture: thumbnail (a click sets the focal point a cropped card centres on), its place
 * with earlier/later buttons, alt text (saved when the field is left), colour and delete (one tap:
 * the toast offers Undo).
 */
export function PictureCard({
  picture,
  index,
  count,
  colours,
  onMove,
  onDragFrom,
  onDropHere,
  onSave,
  onDelete,
}: Props) {
  const id = useId();
  const [alt, setAlt] = useState(picture.alt);
  const missingAlt = alt.trim() === '';

  const setFocal = (e: React.MouseEvent<HTMLButtonElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 100) / 100));
    onSave({ focal_x: clamp((e.clientX - box.left) / box.width), focal_y: clamp((e.clientY - box.top) / box.height) });
  };

  return (
    <li
      className="card space-y-3 p-3"
      data-testid="picture"
      data-picture-id={picture.id}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        onDropHere();
      }}
    >
      <div className="flex gap-3">
        <button
          type="button"
          onClick={setFocal}
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData(DRAG_TYPE, String(picture.id));
            e.dataTransfer.effectAllowed = 'move';
            onDragFrom();
          }}
          className="relative block w-32 shrink-0 self-start overflow-hidden rounded-lg border border-line bg-stone-100 sm:w-40"
          aria-label={`Set the focal point of picture ${index + 1}: click where a cropped card should centre`}
          data-testid="picture-focal"
        >
          <img
            src={thumbnailUrl(picture)}
            alt={alt}
            width={picture.width}
            height={picture.height}
            className="block h-auto w-full"
            draggable={false}
          />
          <span
            aria-hidden
            className="pointer-events-none absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand/80 shadow"
            style={{ left: `${picture.focal_x * 100}%`, top: `${picture.focal_y * 100}%` }}
          />
        </button>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-sm font-medium">{index === 0 ? 'Main picture' : `Picture ${index + 1} of ${count}`}</p>
          <p className="text-xs text-muted">
            Tap the picture to set where crops centre<span className="hidden sm:inline">; drag it to move it</span>.
          </p>
          <div className="mt-auto grid gap-2 sm:flex sm:flex-wrap">
            <Button
              isDisabled={index === 0}
              onPress={() => onMove(index - 1)}
              aria-label={`Move picture ${index + 1} earlier`}
              data-testid="picture-earlier"
            >
              ↑ Earlier
            </Button>
            <Button
              isDisabled={index === count - 1}
              onPress={() => onMove(index + 1)}
              aria-label={`Move picture ${index + 1} later`}
              data-testid="picture-later"
            >
              ↓ Later
            </Button>
          </div>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-alt`} className="text-sm font-medium">
            Alt text
          </label>
          <textarea
            id={`${id}-alt`}
            rows={2}
            value={alt}
            maxLength={300}
            onChange={(e) => setAlt(e.target.value)}
            onBlur={() => {
              if (alt.trim() !== picture.alt) onSave({ alt: alt.trim() });
            }}
            aria-describedby={`${id}-alt-m`}
            className="input min-h-16 py-2"
            data-testid="picture-alt"
          />
          <p id={`${id}-alt-m`} className={missingAlt ? 'text-sm font-medium text-amber-800' : 'text-sm text-muted'}>
            {missingAlt ? 'Needed: describe what it shows for shoppers who cannot see it.' : 'What the picture shows.'}
          </p>
        </div>
        <div className="flex flex-col gap-3">
          {colours && (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-colour`} className="text-sm font-medium">
                {colours.name}
              </label>
              <select
                id={`${id}-colour`}
                className="input"
                value={picture.option_value ?? ''}
                onChange={(e) => onSave({ option_value: e.target.value || null })}
                data-testid="picture-colour"
              >
                <option value="">Every {colours.name.toLowerCase()}</option>
                {colours.values.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="flex flex-wrap justify-end gap-2 sm:mt-auto">
            <Button
              variant="quiet"
              onPress={onDelete}
              aria-label={`Delete picture ${index + 1}`}
              data-testid="picture-delete"
            >
              Delete
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}
