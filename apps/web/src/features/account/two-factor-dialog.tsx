import { Confirm2faRequest, identityRoutes, type RouteOutput } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteMutation } from '../../api/route-hooks';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  useToast,
} from '../../ui';
import { useContractForm } from '../../ui/form';
import { usePatchCurrentUser } from './use-patch-current-user';

export type TwoFactorSetup = RouteOutput<typeof identityRoutes.enable2fa>;

interface TwoFactorDialogProps {
  setup: TwoFactorSetup | null;
  onClose: () => void;
}

/** Shows the QR code and secret from enable-2fa and finishes with a code from the authenticator. */
export function TwoFactorDialog({ setup, onClose }: TwoFactorDialogProps) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const patchUser = usePatchCurrentUser();
  // POST /users/confirm-2fa: from now on sign-in asks for an authenticator code
  const confirm = useRouteMutation(identityRoutes.confirm2fa, { onSuccess: () => patchUser({ two_factor_enabled: true }) });
  const form = useContractForm(Confirm2faRequest, { defaultValues: { code: '' } });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit((values) =>
    confirm.mutate(
      { body: values },
      {
        onSuccess: () => {
          toast({ title: t('account.twoFactor.success'), tone: 'success' });
          close();
        },
        onError: (error) => toast({ title: t('account.twoFactor.failure', { detail: detailOrMessage(error) }), tone: 'error' }),
      },
    ),
  );

  return (
    <Dialog open={setup !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent data-testid="two-factor-dialog">
        <DialogHeader>
          <DialogTitle>{t('account.twoFactor.title')}</DialogTitle>
          <DialogDescription>{t('account.twoFactor.initiated')}</DialogDescription>
        </DialogHeader>
        {setup && (
          <div className="space-y-4">
            <img
              src={setup.qr_code}
              alt={t('account.twoFactor.qrAlt')}
              className="mx-auto size-48 rounded-lg border border-slate-200 bg-white p-2"
              data-testid="two-factor-qr"
            />
            <div className="space-y-1 text-sm">
              <p className="text-slate-700">{t('account.twoFactor.secret')}</p>
              <code
                className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900"
                data-testid="two-factor-secret"
              >
                {setup.secret}
              </code>
            </div>
            <form onSubmit={submit} noValidate className="space-y-4">
              <FormField label={t('account.twoFactor.code')} error={form.errorText('code')}>
                {(field) => (
                  <Input
                    {...field}
                    {...form.register('code')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    placeholder={t('auth.placeholders.code')}
                    data-testid="two-factor-code"
                  />
                )}
              </FormField>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">{t('common.cancel')}</Button>
                </DialogClose>
                <Button type="submit" loading={confirm.isPending} data-testid="two-factor-confirm">
                  {t('account.twoFactor.confirm')}
                </Button>
              </DialogFooter>
            </form>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

interface CurrentCodeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (code: string) => void;
  pending: boolean;
}

/** Before setting two-factor up again: a code of the authenticator in use now. */
export function CurrentCodeDialog({ open, onOpenChange, onSubmit, pending }: CurrentCodeDialogProps) {
  const { t } = useTranslation();
  const form = useContractForm(Confirm2faRequest, { defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) => onSubmit(code));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent data-testid="current-2fa-code-dialog">
        <DialogHeader>
          <DialogTitle>{t('account.twoFactor.currentCodeTitle')}</DialogTitle>
          <DialogDescription>{t('account.twoFactor.currentCodeDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('account.twoFactor.code')} error={form.errorText('code')}>
            {(field) => (
              <Input
                {...field}
                {...form.register('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                data-testid="current-2fa-code"
                autoFocus
              />
            )}
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </DialogClose>
            <Button type="submit" loading={pending} data-testid="current-2fa-code-submit">
              {t('account.twoFactor.continue')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
