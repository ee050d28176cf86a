import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

/**
 * A dialog for one action: a sheet from the bottom on a phone (its buttons under the thumb), a
 * centred box on a desktop. Controlled: the page opens it, `onClose` closes it.
 */
export function Sheet({
  title,
  isOpen,
  onClose,
  children,
  testId,
  wide = false,
}: {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: React.ReactNode;
  testId?: string;
  /** A wider box on a desktop (a grid of pictures). */
  wide?: boolean;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/40 sm:items-center sm:p-6"
    >
      <Modal
        className={`max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white pb-[env(safe-area-inset-bottom)] shadow-xl outline-none sm:rounded-2xl ${wide ? 'sm:max-w-3xl' : 'sm:max-w-lg'}`}
      >
        <Dialog className="p-5 outline-none" data-testid={testId}>
          <Heading slot="title" className="mb-4 text-lg font-semibold">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * The dialog's buttons: the main one full width on a phone, last (nearest the thumb), kept in
 * view at the bottom while a long form scrolls.
 */
export function SheetButtons({ children }: { children: React.ReactNode }) {
  return (
    <div className="sticky bottom-0 -mx-5 -mb-5 mt-5 flex flex-col-reverse gap-2 border-t border-line bg-white px-5 py-3 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}
