import { communityRoutes, type StudyGroup } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDetailOrMessage } from '../../../api/error-text';
import { useRouteMutation } from '../../../api/route-hooks';
import { Button, ConfirmDialog, DialogFooter, useToast } from '../../../ui';
import { FormDialog } from '../../../ui/form';
import { emptyGroupForm, type GroupBody } from '../forms';
import { GroupFields, GroupFormAlert, groupFormValues, useGroupForm } from './group-form';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create Group: the caller becomes the creator and lands in the new group's workspace. */
export function CreateGroupDialog({ open, onOpenChange }: DialogProps) {
  // mounted while open: each opening starts with an empty form and no earlier refusal
  return open ? <CreateGroupForm onClose={() => onOpenChange(false)} /> : null;
}

function CreateGroupForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const detailOrMessage = useDetailOrMessage();
  const create = useRouteMutation(communityRoutes.createGroup, { invalidates: ['community.group.'] });
  const { form, error } = useGroupForm(emptyGroupForm, 'create');
  const submit = form.submit((body) =>
    create.mutate(
      { body },
      {
        onSuccess: (group) => {
          toast({ title: t('community.groups.created'), tone: 'success' });
          onClose();
          void navigate(`/community/groups/${group.id}`);
        },
      },
    ),
  );
  return (
    <FormDialog
      onClose={onClose}
      title={t('community.groups.createTitle')}
      description={t('community.groups.createDescription')}
      onSubmit={submit}
      submitLabel={t('community.groups.createSubmit')}
      pending={create.isPending}
      footerNote={
        <GroupFormAlert
          error={error}
          serverError={create.isError ? t('community.groups.createFailed', { detail: detailOrMessage(create.error) }) : null}
        />
      }
      testId="create-group-dialog"
      formTestId="create-group-form"
      submitTestId="create-group-submit"
    >
      <GroupFields form={form} />
    </FormDialog>
  );
}

/** Saving a group's settings (its creator only; the server keeps max members at least the member count). */
function useManageGroup(group: StudyGroup, onDone?: () => void) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const update = useRouteMutation(communityRoutes.updateGroup, { invalidates: ['community.group.'] });
  const { form, error } = useGroupForm(groupFormValues(group), 'manage');
  const submit = form.submit((body: GroupBody) =>
    update.mutate(
      { params: { id: group.id }, body },
      {
        onSuccess: () => {
          toast({ title: t('community.groups.updated'), tone: 'success' });
          onDone?.();
        },
      },
    ),
  );
  const alert = (
    <GroupFormAlert
      error={error}
      serverError={update.isError ? t('community.groups.updateFailed', { detail: detailOrMessage(update.error) }) : null}
    />
  );
  return { form, submit, alert, pending: update.isPending };
}

/** The manage form in a dialog (from a card of My Groups); the members panel's Settings tab has the same form. */
export function EditGroupDialog({ group, open, onOpenChange }: DialogProps & { group: StudyGroup }) {
  return open ? <EditGroupForm group={group} onClose={() => onOpenChange(false)} /> : null;
}

function EditGroupForm({ group, onClose }: { group: StudyGroup; onClose: () => void }) {
  const { t } = useTranslation();
  const manage = useManageGroup(group, onClose);
  return (
    <FormDialog
      onClose={onClose}
      title={t('community.groups.editTitle')}
      description={group.name}
      onSubmit={manage.submit}
      submitLabel={t('community.groups.saveSettings')}
      pending={manage.pending}
      footerNote={manage.alert}
      testId="edit-group-dialog"
      formTestId="manage-group-form"
      submitTestId="manage-group-submit"
    >
      <GroupFields form={manage.form} />
    </FormDialog>
  );
}

/** The Settings tab's manage form (no dialog around it). */
export function ManageGroupForm({ group }: { group: StudyGroup }) {
  const { t } = useTranslation();
  const manage = useManageGroup(group);
  return (
    <form onSubmit={manage.submit} noValidate className="space-y-4" data-testid="manage-group-form">
      <GroupFields form={manage.form} />
      {manage.alert}
      <DialogFooter>
        <Button type="submit" loading={manage.pending} data-testid="manage-group-submit">
          {t('community.groups.saveSettings')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Deleting a group asks first; then everything of it is gone. */
export function DeleteGroupConfirm({
  group,
  open,
  onOpenChange,
  onDeleted,
}: DialogProps & { group: Pick<StudyGroup, 'id' | 'name'>; onDeleted?: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const remove = useRouteMutation(communityRoutes.deleteGroup, { invalidates: ['community.group.'] });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('community.groups.deleteTitle')}
      description={t('community.groups.deleteConfirm', { name: group.name })}
      confirmLabel={t('community.groups.delete')}
      destructive
      pending={remove.isPending}
      testId="delete-group-confirm"
      onConfirm={() =>
        remove.mutate(
          { params: { id: group.id } },
          {
            onSuccess: () => {
              toast({ title: t('community.groups.deleted'), tone: 'success' });
              onOpenChange(false);
              onDeleted?.();
            },
            onError: (error) => toast({ title: t('community.groups.deleteFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
          },
        )
      }
    />
  );
}

/** Leaving asks first (the creator cannot leave: the creator deletes the group instead). */
export function LeaveGroupConfirm({
  group,
  open,
  onOpenChange,
  onLeft,
}: DialogProps & { group: Pick<StudyGroup, 'id' | 'name'>; onLeft?: () => void }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const leave = useRouteMutation(communityRoutes.leaveGroup, { invalidates: ['community.'] });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('community.groups.leaveTitle')}
      description={t('community.groups.leaveConfirm', { name: group.name })}
      confirmLabel={t('community.groups.leave')}
      destructive
      pending={leave.isPending}
      testId="leave-group-confirm"
      onConfirm={() =>
        leave.mutate(
          { params: { id: group.id } },
          {
            onSuccess: (answer) => {
              toast({ title: answer.message, tone: 'success' });
              onOpenChange(false);
              onLeft?.();
            },
            onError: (error) => toast({ title: t('community.groups.leaveFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
          },
        )
      }
    />
  );
}

/** Join Group on a public group that has room; the server refuses a full or private one with its reason. */
export function useJoinGroup() {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const join = useRouteMutation(communityRoutes.joinGroup, { invalidates: ['community.'] });
  return {
    pending: join.isPending,
    pendingId: join.isPending ? join.variables.params.id : null,
    join: (id: string, onJoined?: () => void) =>
      join.mutate(
        { params: { id } },
        {
          onSuccess: (answer) => {
            toast({ title: answer.message, tone: 'success' });
            onJoined?.();
          },
          onError: (error) => toast({ title: t('community.groups.joinFailed', { detail: detailOrMessage(error) }), tone: 'error' }),
        },
      ),
  };
}
