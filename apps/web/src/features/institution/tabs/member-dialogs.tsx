import { institutionRoutes, type Institution, type Member } from '@lp/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteMutation } from '../../../api/route-hooks';
import { FormField, Input, Select, Textarea, useToast } from '../../../ui';
import { FormDialog, useContractForm } from '../../../ui/form';
import { addMemberBody, addMemberFormSchema, memberErrorDetail, memberNotesFormSchema, notesBody } from '../logic';

/** What a change of members makes stale: the lists, and the counts the overview, usage and header show. */
export const MEMBER_CHANGES = ['institution.member.', 'institution.institution.', 'institution.invitation.'] as const;

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
  const schema = useMemo(
    () =>
      addMemberFormSchema({ emailRequired: t('institution.members.emailRequired'), nameRequired: t('institution.members.nameRequired') }),
    [t],
  );
  // spec 3, Add member: email and full name required, create_account on by default
  const form = useContractForm(schema, { defaultValues: { email: '', name: '', create_account: true, member_type: memberType } });
  const add = useRouteMutation(institutionRoutes.addMember, { invalidates: MEMBER_CHANGES });

  const submit = form.submit((values) =>
    add.mutate(
      {
        params: { id: institution.id },
        body: addMemberBody({
          email: values.email,
          name: values.name,
          createAccount: values.create_account,
          memberType: values.member_type,
        }),
      },
      {
        // an invitation, never a member: the answer is the same whatever the e-mail (issue 24, item 3)
        onSuccess: (invited) => {
          const key = institution.verification_status === 'verified' ? 'institution.members.invited' : 'institution.members.invitedHeld';
          toast({ title: t(key, { email: invited.email }), tone: 'success' });
          onClose();
        },
        onError: form.applyServerError,
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t('institution.members.addTitle')}
      description={t('institution.members.addDescription')}
      onSubmit={submit}
      submitLabel={t('institution.members.addSubmit')}
      pending={add.isPending}
      error={add.isError ? (memberErrorDetail(add.error) ?? t('institution.members.addFailed')) : null}
      testId="add-member-dialog"
      errorTestId="add-member-error"
      submitTestId="add-member-submit"
    >
      <FormField label={t('institution.members.email')} error={form.errorText('email')}>
        {(field) => (
          <Input {...field} {...form.register('email')} type="email" autoComplete="off" required data-testid="add-member-email" />
        )}
      </FormField>
      <FormField label={t('institution.members.name')} error={form.errorText('name')}>
        {(field) => <Input {...field} {...form.register('name')} maxLength={200} required data-testid="add-member-name" />}
      </FormField>
      <FormField label={t('institution.members.memberType')} error={form.errorText('member_type')}>
        {(field) => (
          <Select {...field} {...form.register('member_type')} data-testid="add-member-type">
            <option value="student">{t('institution.members.types.student')}</option>
            <option value="faculty">{t('institution.members.types.faculty')}</option>
          </Select>
        )}
      </FormField>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300"
          {...form.register('create_account')}
          data-testid="add-member-create-account"
        />
        <span>
          {t('institution.members.createAccount')}
          <span className="block text-xs text-slate-600">{t('institution.members.createAccountHint')}</span>
        </span>
      </label>
    </FormDialog>
  );
}

/** Spec 3 Edit Member modal: the notes only → PUT .../members/{memberId}. */
export function MemberNotesDialog({ institution, member, onClose }: { institution: Institution; member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const form = useContractForm(memberNotesFormSchema, { defaultValues: { notes: member.notes ?? '' } });
  const save = useRouteMutation(institutionRoutes.updateMember, { invalidates: MEMBER_CHANGES });

  const submit = form.submit(({ notes }) =>
    save.mutate(
      { params: { id: institution.id, memberId: member.id }, body: notesBody(notes) },
      {
        onSuccess: () => {
          toast({ title: t('institution.members.updated'), tone: 'success' });
          onClose();
        },
      },
    ),
  );

  return (
    <FormDialog
      onClose={onClose}
      title={t('institution.members.editTitle')}
      description={t('institution.members.editDescription', { name: member.user.name })}
      onSubmit={submit}
      submitLabel={t('institution.members.save')}
      pending={save.isPending}
      failed={save.isError}
      errorTitle={t('institution.members.updateFailed')}
      error={save.isError ? memberErrorDetail(save.error) : null}
      testId="member-notes-dialog"
      errorTestId="member-notes-error"
      submitTestId="member-notes-save"
    >
      <FormField label={t('institution.members.notes')}>
        {(field) => <Textarea {...field} {...form.register('notes')} rows={5} maxLength={2000} data-testid="member-notes-input" />}
      </FormField>
    </FormDialog>
  );
}
