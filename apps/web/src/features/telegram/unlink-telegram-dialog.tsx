import { identityRoutes } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { detailOr } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, useToast } from '../../ui';

interface UnlinkTelegramDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function UnlinkTelegramDialog({ open, onOpenChange }: UnlinkTelegramDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const unlink = useRouteMutation(identityRoutes.telegramUnlink, { invalidates: [identityRoutes.telegramLinkStatus] });

  const confirm = () =>
    unlink.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('telegram.unlinked'), tone: 'success' });
        onOpenChange(false);
      },
      onError: (error) => toast({ title: detailOr(error, t('telegram.unlinkFailed')), tone: 'error' }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" data-testid="telegram-unlink-dialog">
        <DialogHeader>
          <DialogTitle>{t('telegram.unlinkTitle')}</DialogTitle>
          <DialogDescription>{t('telegram.unlinkText')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} loading={unlink.isPending} data-testid="telegram-unlink-confirm">
            {t('telegram.unlink')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
