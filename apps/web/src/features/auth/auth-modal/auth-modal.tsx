import type { SelfRegisterRole } from '@lp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../../ui';
import { useSession } from '../session-context';
import type { SignedInSession } from '../session-storage';
import { AUTH_METHODS, type AuthMethod, type AuthMode } from './auth-mode';
import { EmailRegisterForm } from './email-register-form';
import { EmailSignInForm } from './email-sign-in-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleSignIn } from './google-sign-in';
import { PhoneSignIn } from './phone-sign-in';
import { RolePicker } from './role-picker';
import { TelegramSignInInfo } from './telegram-sign-in-info';

/**
 * The panels are not named after their tab: a panel named "Email" or "Phone" would
 * make the field labelled "Email"/"Phone" ambiguous to label-based lookups (assistive
 * tech and tests). The tab itself still carries the name and controls the panel.
 */
const unnamedPanel = { 'aria-labelledby': undefined };

export interface AuthModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
}

/** Spec 2.2. Signing in only updates the session; the page underneath decides where to go next. */
export function AuthModal({ open, onOpenChange, mode, onModeChange }: AuthModalProps) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const [role, setRole] = useState<SelfRegisterRole>('learner');
  const [method, setMethod] = useState<AuthMethod>('email');
  // "Forgot password?" replaces the e-mail sign-in form until the reader goes back
  const [forgot, setForgot] = useState(false);
  const onSignedIn = (session: SignedInSession) => signIn(session);
  const isLogin = mode === 'login';

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setForgot(false);
        onOpenChange(next);
      }}
    >
      <DialogContent data-testid="auth-modal" data-mode={mode} className="max-w-md">
        <DialogHeader>
          <DialogTitle>{isLogin ? t('auth.welcomeBack') : t('auth.getStarted')}</DialogTitle>
          <DialogDescription>{isLogin ? t('auth.loginSubtitle') : t('auth.registerSubtitle')}</DialogDescription>
        </DialogHeader>

        <div className="space-y-5">
          <RolePicker value={role} onChange={setRole} />

          <Tabs value={method} onValueChange={(value) => setMethod(value as AuthMethod)}>
            <TabsList aria-label={t('auth.methodsLabel')}>
              {AUTH_METHODS.map((m) => (
                <TabsTrigger key={m} value={m} data-testid={`method-tab-${m}`} className="text-xs sm:text-sm">
                  {t(`auth.methods.${m}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="email" {...unnamedPanel}>
              {isLogin && forgot ? (
                <ForgotPasswordForm key="forgot" onBack={() => setForgot(false)} />
              ) : isLogin ? (
                <EmailSignInForm key="login" onSignedIn={onSignedIn} onForgotPassword={() => setForgot(true)} />
              ) : (
                <EmailRegisterForm key="register" role={role} onSignedIn={onSignedIn} />
              )}
            </TabsContent>
            <TabsContent value="google" {...unnamedPanel}>
              <GoogleSignIn role={role} />
            </TabsContent>
            <TabsContent value="phone" {...unnamedPanel}>
              <PhoneSignIn role={role} onSignedIn={onSignedIn} />
            </TabsContent>
            <TabsContent value="telegram" {...unnamedPanel}>
              <TelegramSignInInfo onUseEmail={() => setMethod('email')} />
            </TabsContent>
          </Tabs>

          <p className="text-center text-sm text-slate-700">
            {isLogin ? t('auth.toRegister') : t('auth.toLogin')}{' '}
            <Button
              variant="link"
              size="sm"
              className="h-auto font-semibold"
              onClick={() => {
                setForgot(false);
                onModeChange(isLogin ? 'register' : 'login');
              }}
              data-testid="auth-mode-toggle"
            >
              {isLogin ? t('auth.toRegisterAction') : t('auth.toLoginAction')}
            </Button>
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
