import { MENU_LABEL_MAX, type AdminMenuChoices, type MenuLinkType } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { EditorCard, TextInput } from '../theme/fields';
import { FieldMessage, SelectInput } from '../templates/settings-fields';
import type { EditItem } from './tree';

const LINK_CHOICES: { value: MenuLinkType; label: string }[] = [
  { value: 'url', label: 'An address (typed in)' },
  { value: 'page', label: 'A page' },
  { value: 'category', label: 'A category' },
  { value: 'collection', label: 'A collection' },
];
const LISTS = { page: 'pages', category: 'categories', collection: 'collections' } as const;

/**
 * The open item: its label and what it links to (an address typed in, or a page, category or
 * collection picked from the shop's), and the buttons that move it (for the keyboard and a
 * phone, beside the list's drag and drop) or remove it. The API's messages show under each field.
 */
export function ItemForm({
  item,
  depth,
  nesting,
  choices,
  errors,
  moves,
  onChange,
  onRemove,
}: {
  item: EditItem;
  depth: number;
  /** The menu takes sub-items (the header's). */
  nesting: boolean;
  choices: AdminMenuChoices | undefined;
  errors: Record<string, string>;
  /** Each move button's action, or null when that move is not possible here. */
  moves: Record<'up' | 'down' | 'in' | 'out', (() => void) | null>;
  onChange: (change: Partial<EditItem>) => void;
  onRemove: () => void;
}) {
  const options =
    item.link_type === 'url'
      ? []
      : (choices?.[LISTS[item.link_type]] ?? []).map((c) => ({ value: c.slug, label: c.name }));
  const pickType = (link_type: MenuLinkType) => {
    if (link_type === item.link_type) return;
    const first = link_type === 'url' ? '/' : (choices?.[LISTS[link_type]][0]?.slug ?? '');
    onChange({ link_type, link: first });
  };
  const buttons = [
    ['up', 'Move up'],
    ['down', 'Move down'],
    ['in', 'Move in'],
    ['out', 'Move out'],
  ] as const;
  return (
    <EditorCard title={depth ? 'Sub-item' : 'Item'}>
      <TextInput
        label="Label"
        value={item.label}
        onChange={(label) => onChange({ label: label.slice(0, MENU_LABEL_MAX + 10) })}
        error={errors.label}
        hint={`What shoppers read, up to ${MENU_LABEL_MAX} characters`}
        testId="item-label"
      />
      <SelectInput
        label="Links to"
        value={item.link_type}
        options={LINK_CHOICES}
        onChange={(v) => pickType(v as MenuLinkType)}
        testId="item-link-type"
      />
      {item.link_type === 'url' ? (
        <TextInput
          label="Address"
          value={item.link}
          onChange={(link) => onChange({ link: link.trim() })}
          error={errors.link}
          hint="A path on the shop (/about-us), https://…, mailto: or tel:"
          testId="item-link"
        />
      ) : (
        <SelectInput
          label={LINK_CHOICES.find((c) => c.value === item.link_type)!.label.replace('A ', 'Which ')}
          value={item.link}
          options={options}
          onChange={(link) => onChange({ link })}
          error={errors.link}
          testId="item-link"
        />
      )}
      {errors.children && <FieldMessage id={`${item.key}-children`} error={errors.children} />}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" data-testid="item-actions">
        {buttons
          .filter(([move]) => (move === 'in' ? nesting && depth === 0 : move === 'out' ? depth === 1 : true))
          .map(([move, label]) => (
            <Button
              key={move}
              isDisabled={moves[move] === null}
              onPress={() => moves[move]?.()}
              data-testid={`move-${move}`}
            >
              {label}
            </Button>
          ))}
        <Button variant="danger" onPress={onRemove} data-testid="remove-item">
          Remove
        </Button>
      </div>
    </EditorCard>
  );
}
