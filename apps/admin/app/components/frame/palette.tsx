import { useNavigate } from 'react-router';
import {
  Autocomplete,
  Dialog,
  Header,
  Input,
  Menu,
  MenuItem,
  MenuSection,
  Modal,
  ModalOverlay,
  SearchField,
  useFilter,
} from 'react-aria-components';
import { toast } from 'sonner';
import { navFor } from '../../lib/nav';
import { errorText } from '../../lib/api';
import { signOut } from '../../features/auth/sign-out';

interface Props {
  role: string;
  onClose: () => void;
  onShortcuts: () => void;
}

interface Command {
  id: string;
  label: string;
  keywords: string;
  run: () => void;
}

const itemClass =
  'flex min-h-11 cursor-default items-center rounded-lg px-3 text-sm text-ink outline-none data-[focused]:bg-stone-100';
const headerClass = 'px-3 pt-2 pb-1 text-xs font-semibold text-muted';

/**
 * Ctrl/⌘ K: find a page or run a command (loaded on first use). react-aria's Autocomplete over a
 * Menu: typing filters, arrows move, Enter runs, Esc closes; a screen reader hears each item.
 */
export default function Palette({ role, onClose, onShortcuts }: Props) {
  const navigate = useNavigate();
  const { contains } = useFilter({ sensitivity: 'base' });
  const pages: Command[] = navFor(role).map((n) => ({
    id: `go:${n.to}`,
    label: n.label,
    keywords: `go to ${n.keywords ?? ''}`,
    run: () => navigate(n.to),
  }));
  const actions: Command[] = [
    { id: 'shortcuts', label: 'Show keyboard shortcuts', keywords: 'keys help', run: onShortcuts },
    { id: 'shop', label: 'View the shop', keywords: 'storefront open', run: () => window.location.assign('/') },
    {
      id: 'sign-out',
      label: 'Sign out',
      keywords: 'log out logout',
      run: () => void signOut(navigate).catch((err) => toast.error(errorText(err))),
    },
  ];
  const all = new Map([...pages, ...actions].map((c) => [c.id, c]));
  const matches = (text: string, input: string) => {
    const command = [...all.values()].find((c) => c.label === text);
    return contains(text, input) || (command ? contains(command.keywords, input) : false);
  };
  const run = (key: React.Key) => {
    onClose();
    all.get(String(key))?.run();
  };
  const section = (title: string, list: Command[]) => (
    <MenuSection>
      <Header className={headerClass}>{title}</Header>
      {list.map((c) => (
        <MenuItem key={c.id} id={c.id} textValue={c.label} className={itemClass}>
          {c.label}
        </MenuItem>
      ))}
    </MenuSection>
  );
  return (
    <ModalOverlay
      isOpen
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-50 bg-black/40 p-3 pt-[12vh]"
    >
      <Modal className="mx-auto w-full max-w-lg overflow-hidden rounded-2xl bg-white shadow-xl outline-none">
        <Dialog aria-label="Search and commands" className="outline-none" data-testid="palette">
          <Autocomplete filter={matches}>
            <SearchField aria-label="Go to a page or run a command" autoFocus className="border-b border-line">
              <Input
                placeholder="Go to a page or run a command…"
                className="h-13 w-full px-4 text-base outline-none [&::-webkit-search-cancel-button]:hidden"
              />
            </SearchField>
            <Menu
              onAction={run}
              className="max-h-[60vh] overflow-y-auto p-2 outline-none"
              renderEmptyState={() => <p className="px-3 py-6 text-center text-sm text-muted">Nothing matches.</p>}
            >
              {section('Go to', pages)}
              {section('Actions', actions)}
            </Menu>
          </Autocomplete>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
