import { institutionRoutes, type Institution, type Member } from '@lp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../api/field-errors';
import { useRouteMutation } from '../../../api/route-hooks';
import { useValidationText } from '../../../i18n/validation-text';
import {
  Alert,
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
  Select,
  Textarea,
  useToast,
} from '../../../ui';
import { addMemberBody, memberErrorDetail, notesBody } from '../logic';

/** What a change of members makes stale: the lists, and the counts the overview, usage and header show. */
export const MEMBER_CHANGES = ['institution.member.', 'institution.institution.', 'institution.invitation.'] as const;

const ADD_FIELDS = ['email', 'name', 'member_type'] as const;

/**
 * Spec 3 Add Member modal: e-mail, name, "create an account" and member type → POST
 * .../members, which invites the person (they accept on /profile). A failure is said inline:
 * the server's detail, else 'Failed to add member'.
 */
export function AddMemberDialog({
  institution,
  memberType,
  onClose,
}: {
  institution: Institution;
  memberType: 'student' | 'faculty';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const vt = useValidationText();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  // spec 3, Add member: email and full name required, create_account on by default
  const [createAccount, setCreateAccount] = useState(true);
  const [type, setType] = useState<'student' | 'faculty'>(memberType);
  const [missingEmail, setMissingEmail] = useState(false);
  const [missingName, setMissingName] = useState(false);
  const add = useRouteMutation(institutionRoutes.addMember, { invalidates: MEMBER_CHANGES });
  const placed = fieldErrorsOf(add.error, ADD_FIELDS).byField;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissingEmail(email.trim() === '');
    setMissingName(name.trim() === '');
    if (email.trim() === '' || name.trim() === '') return;
    add.mutate(
      { params: { id: institution.id }, body: addMemberBody({ email, name, createAccount, memberType: type }) },
      {
        // an invitation, never a member: the answer is the same whatever the e-mail (issue 24, item 3)
        onSuccess: (invited) => {
          const key = institution.verification_status === 'verified' ? 'institution.members.invited' : 'institution.members.invitedHeld';
          toast({ title: t(key, { email: invited.email }), tone: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="add-member-dialog">
        <DialogHeader>
          <DialogTitle>{t('institution.members.addTitle')}</DialogTitle>
          <DialogDescription>{t('institution.members.addDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField
            label={t('institution.members.email')}
            error={missingEmail ? t('institution.members.emailRequired') : vt(placed.email)}
          >
            {(field) => (
              <Input
                {...field}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                required
                data-testid="add-member-email"
              />
            )}
          </FormField>
          <FormField label={t('institution.members.name')} error={missingName ? t('institution.members.nameRequired') : vt(placed.name)}>
            {(field) => (
              <Input
                {...field}
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={200}
                required
                data-testid="add-member-name"
              />
            )}
          </FormField>
          <FormField label={t('institution.members.memberType')} error={vt(placed.member_type)}>
            {(field) => (
              <Select
                {...field}
                value={type}
                onChange={(e) => setType(e.target.value === 'faculty' ? 'faculty' : 'student')}
                data-testid="add-member-type"
              >
                <option value="student">{t('institution.members.types.student')}</option>
                <option value="faculty">{t('institution.members.types.faculty')}</option>
              </Select>
            )}
          </FormField>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300"
              checked={createAccount}
              onChange={(e) => setCreateAccount(e.target.checked)}
              data-testid="add-member-create-account"
            />
            <span>
              {t('institution.members.createAccount')}
              <span className="block text-xs text-slate-600">{t('institution.members.createAccountHint')}</span>
            </span>
          </label>
          {add.isError && (
            <Alert tone="error" data-testid="add-member-error">
              {memberErrorDetail(add.error) ?? t('institution.members.addFailed')}
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" loading={add.isPending} data-testid="add-member-submit">
              {t('institution.members.addSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Spec 3 Edit Member modal: the notes only → PUT .../members/{memberId}. */
export function MemberNotesDialog({ institution, member, onClose }: { institution: Institution; member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const [notes, setNotes] = useState(member.notes ?? '');
  const save = useRouteMutation(institutionRoutes.updateMember, { invalidates: MEMBER_CHANGES });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { params: { id: institution.id, memberId: member.id }, body: notesBody(notes) },
      {
        onSuccess: () => {
          toast({ title: t('institution.members.updated'), tone: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="member-notes-dialog">
        <DialogHeader>
          <DialogTitle>{t('institution.members.editTitle')}</DialogTitle>
          <DialogDescription>{t('institution.members.editDescription', { name: member.user.name })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label={t('institution.members.notes')}>
            {(field) => (
              <Textarea
                {...field}
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                rows={5}
                maxLength={2000}
                data-testid="member-notes-input"
              />
            )}
          </FormField>
          {save.isError && (
            <Alert tone="error" data-testid="member-notes-error">
              <strong className="font-semibold">{t('institution.members.updateFailed')}</strong> {memberErrorDetail(save.error)}
            </Alert>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" loading={save.isPending} data-testid="member-notes-save">
              {t('institution.members.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
