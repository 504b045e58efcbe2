import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { CertificateEntity } from '../../entities/certificate.entity.js';

export type NewCertificate = Pick<
  CertificateEntity,
  'enrollmentId' | 'userId' | 'courseId' | 'verificationCode' | 'learnerName' | 'courseTitle' | 'instructorName' | 'completedAt'
>;

/** Data access for `certificates`; no rules here. */
@Injectable()
export class CertificatesRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  private repo(tx?: EntityManager): Repository<CertificateEntity> {
    return (tx ?? this.ds.manager).getRepository(CertificateEntity);
  }

  findForUser(userId: string, courseId: string, tx?: EntityManager): Promise<CertificateEntity | null> {
    return this.repo(tx).findOneBy({ userId, courseId });
  }

  findById(id: string, tx?: EntityManager): Promise<CertificateEntity | null> {
    return this.repo(tx).findOneBy({ id });
  }

  findByCode(code: string): Promise<CertificateEntity | null> {
    return this.repo().findOneBy({ verificationCode: code });
  }

  /** Null when a certificate already exists for the learner and course (or, very rarely, the code is taken). */
  async insertIfMissing(tx: EntityManager, c: NewCertificate): Promise<CertificateEntity | null> {
    const certificate = this.repo(tx).create({ ...c, storageKey: null, renderedAt: null });
    const { raw } = await this.repo(tx).createQueryBuilder().insert().values(certificate).orIgnore().execute();
    // the insert returns the row's generated columns (id, created_at) only when it was made
    return (raw as unknown[]).length > 0 ? certificate : null;
  }

  /** Answers false when the certificate is unknown. */
  async markRendered(id: string, storageKey: string, at: Date): Promise<boolean> {
    const { affected } = await this.repo()
      .createQueryBuilder()
      .update()
      .set({ storageKey, renderedAt: () => 'COALESCE(rendered_at, :at)' })
      .setParameter('at', at)
      .where({ id })
      .execute();
    return (affected ?? 0) > 0;
  }

  listForUser(userId: string): Promise<CertificateEntity[]> {
    return this.repo().find({ where: { userId }, order: { completedAt: 'DESC' } });
  }
}
