import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { GroupPrivacy, StudyGroupCategory } from '@lp/contracts';

/**
 * A study group. member_count is kept in the same transaction as each membership change and
 * the CHECK makes "never more members than max_members" the database's rule: two people
 * taking the last place at once cannot both get in.
 */
@Entity({ name: 'study_groups' })
@Index('study_groups_category_idx', ['category', 'createdAt'])
@Index('study_groups_creator_idx', ['creatorId'])
@Check('study_groups_max_members_check', 'max_members BETWEEN 5 AND 100')
@Check('study_groups_member_count_check', 'member_count >= 0 AND member_count <= max_members')
@Check('study_groups_privacy_check', `privacy IN ('public', 'private')`)
export class StudyGroupEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', length: 120 }) name!: string;
  @Column({ type: 'text' }) description!: string;
  @Column({ type: 'varchar', length: 40 }) category!: StudyGroupCategory;
  @Column({ type: 'int', name: 'max_members', default: 50 }) maxMembers!: number;
  @Column({ type: 'varchar', length: 10, default: 'public' }) privacy!: GroupPrivacy;
  @Column({ type: 'uuid', name: 'creator_id' }) creatorId!: string;
  @Column({ type: 'int', name: 'member_count', default: 0 }) memberCount!: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt!: Date;
}
