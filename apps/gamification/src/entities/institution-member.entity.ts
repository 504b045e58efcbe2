import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MemberType } from '@lp/contracts';

/**
 * Institution's members as gamification needs them (a read model kept from institution's
 * member events): whose XP an institution portal's board ranks, and who is suspended there.
 */
@Entity({ name: 'institution_members' })
@Index('institution_members_user_idx', ['userId'])
export class InstitutionMemberEntity {
  @PrimaryColumn({ type: 'uuid', name: 'institution_id' }) institutionId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'uuid', name: 'member_id' }) memberId!: string;
  @Column({ type: 'text', name: 'member_type' }) memberType!: MemberType;
  @Column({ type: 'boolean', name: 'is_suspended', default: false }) isSuspended!: boolean;
  /** removed from the institution: kept as a row so an older "added" arriving late cannot bring them back */
  @Column({ type: 'boolean', default: false }) removed!: boolean;
  /** the event's time: an older event arriving late changes nothing */
  @Column({ type: 'timestamptz', name: 'changed_at' }) changedAt!: Date;
}
