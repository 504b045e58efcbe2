import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast, type ToastTone } from '../ui';
import { InlinePageSpinner } from './full-page-spinner';

interface RedirectWithToastProps {
  to: string;
  message: string;
  tone?: ToastTone;
  state?: unknown;
}

/** Says why the visitor is being moved, then moves them; once, even when effects run twice in development. */
export function RedirectWithToast({ to, message, tone = 'info', state }: RedirectWithToastProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const fired = useRef(false);

  useEffect(() => {
    if (fired.current) return;
    fired.current = true;
    toast({ title: message, tone });
    navigate(to, { replace: true, state });
  }, [navigate, toast, to, message, tone, state]);

  // no <main> of its own: it may render inside the shell, which has one
  return <InlinePageSpinner />;
}
