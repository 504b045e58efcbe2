import type { EntityManager } from 'typeorm';
import type { Institution } from '@lp/contracts';
import type { TenantAccess } from '../../common/tenancy.js';
import type { InstitutionsRepository } from './institutions.repository.js';

/** An institution as InstitutionsRepository.views reads it: its columns, its counts and its path's names. */
export interface InstitutionRow {
  id: string;
  parent_id: string | null;
  path_ids: string[];
  hierarchy_level: number;
  organizational_level: number;
  level_type: Institution['level_type'];
  level_name: string | null;
  name: string;
  subdomain: string;
  verification_status: Institution['verification_status'];
  verified_at: Date | null;
  verification_notes: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  address: string | null;
  country: string | null;
  registration_number: string | null;
  tax_id: string | null;
  logo_url: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  custom_text: string | null;
  inherit_branding: boolean;
  tier_name: string;
  max_subsidiaries: number;
  created_at: Date;
  subsidiary_count: number;
  total_students: number;
  total_faculty: number;
  total_courses: number;
  path_names: string | null;
}

export function toInstitution(r: InstitutionRow, access?: Pick<TenantAccess, 'accessLevel' | 'viaInstitutionId'>): Institution {
  return {
    id: r.id,
    name: r.name,
    subdomain: r.subdomain,
    verification_status: r.verification_status,
    verified_at: r.verified_at ? new Date(r.verified_at).toISOString() : null,
    verification_notes: r.verification_notes,
    contact_email: r.contact_email,
    contact_phone: r.contact_phone,
    address: r.address,
    country: r.country,
    registration_number: r.registration_number,
    tax_id: r.tax_id,
    logo_url: r.logo_url,
    primary_color: r.primary_color,
    secondary_color: r.secondary_color,
    custom_text: r.custom_text,
    inherit_branding: r.inherit_branding,
    subscription_tier_name: r.tier_name,
    subsidiary_count: Number(r.subsidiary_count),
    max_subsidiaries: r.max_subsidiaries,
    parent_institution_id: r.parent_id,
    hierarchy_level: r.hierarchy_level,
    organizational_level: r.organizational_level,
    hierarchy_path: r.path_names ?? r.name,
    level_type: r.level_type,
    level_name: r.level_name,
    total_students: Number(r.total_students),
    total_faculty: Number(r.total_faculty),
    total_courses: Number(r.total_courses),
    created_at: new Date(r.created_at).toISOString(),
    my_access: access
      ? { access_level: access.accessLevel, via_institution_id: access.viaInstitutionId, can_edit: access.accessLevel !== 'readonly' }
      : null,
  };
}

/**
 * Institutions as the contract shows them, counts included, read in one statement for any
 * number of ids. Row-level security is in force: the hierarchy path names only the part of
 * the tree the transaction may see, so a child's admin never learns the parent's name.
 */
export async function institutionViews(
  repo: InstitutionsRepository,
  tx: EntityManager,
  ids: readonly string[],
  access?: Pick<TenantAccess, 'accessLevel' | 'viaInstitutionId'>,
): Promise<Institution[]> {
  if (!ids.length) return [];
  return (await repo.views(tx, ids)).map((r) => toInstitution(r, access));
}

/** One institution that the transaction can see (the caller's access checked before). */
export async function institutionView(
  repo: InstitutionsRepository,
  tx: EntityManager,
  id: string,
  access?: Pick<TenantAccess, 'accessLevel' | 'viaInstitutionId'>,
): Promise<Institution> {
  const [view] = await institutionViews(repo, tx, [id], access);
  if (!view) throw new Error(`institution ${id} vanished inside its own transaction`);
  return view;
}
