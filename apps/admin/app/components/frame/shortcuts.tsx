import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../ui/button';

const KEYS: [string, string][] = [
  ['Ctrl K  /  ⌘ K', 'Search pages and run commands'],
  ['?', 'Show these shortcuts'],
  ['j  /  k', 'Next / previous row in a list'],
  ['Enter', 'Open the current row'],
  ['Esc', 'Close a dialog'],
];

/** The keyboard shortcuts, opened with `?`. */
export function ShortcutsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 grid place-items-center bg-black/40 p-4"
    >
      <Modal className="w-full max-w-md rounded-2xl bg-white shadow-xl outline-none">
        <Dialog className="p-5 outline-none" data-testid="shortcuts">
          {({ close }) => (
            <>
              <Heading slot="title" className="text-lg font-semibold">
                Keyboard shortcuts
              </Heading>
              <dl className="mt-4 divide-y divide-line">
                {KEYS.map(([keys, what]) => (
                  <div key={keys} className="flex items-center justify-between gap-4 py-2.5 text-sm">
                    <dt>{what}</dt>
                    <dd>
                      <kbd className="rounded-md border border-line bg-surface px-2 py-0.5 font-mono text-xs whitespace-pre">
                        {keys}
                      </kbd>
                    </dd>
                  </div>
                ))}
              </dl>
              <Button variant="primary" onPress={close} className="mt-5 w-full">
                Done
              </Button>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
