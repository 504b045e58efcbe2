import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATION_TYPES, gamificationRoutes, type NotificationType, type RouteInput, type RouteOutput } from '@lp/contracts';
import { Handles, UnitOfWork } from '@lp/service-kit';
import { gamificationErrors } from '../../common/gamification-errors.js';
import { NotificationsRepository } from './notifications.repository.js';
import { UnsubscribeLinks } from './unsubscribe-links.js';

type R = typeof gamificationRoutes;

/**
 * An e-mail's unsubscribe link (RFC 8058). The GET only says what the link stops: link scanners
 * and previews fetch every link of a message, so nothing may change on a GET. The POST (the mail
 * client's one-click, or the page's button) turns that type's e-mails off for the recipient, the
 * same choice as the switch on account settings, where they turn it back on.
 */
@Injectable()
export class UnsubscribeService {
  constructor(
    @Inject(UnsubscribeLinks) private readonly links: UnsubscribeLinks,
    @Inject(NotificationsRepository) private readonly repo: NotificationsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  @Handles(gamificationRoutes.unsubscribeLink)
  async describe({ query }: RouteInput<R['unsubscribeLink']>): Promise<RouteOutput<R['unsubscribeLink']>> {
    const { userId, type } = this.opened(query.token);
    const choices = await this.repo.choices([userId]);
    return this.answer(type, choices.get(userId)?.get(`${type}|email`) ?? true);
  }

  @Handles(gamificationRoutes.unsubscribe)
  async unsubscribe({ query }: RouteInput<R['unsubscribe']>): Promise<RouteOutput<R['unsubscribe']>> {
    const { userId, type } = this.opened(query.token);
    await this.uow.run(async (tx) => {
      // an account deleted since the e-mail left gets nothing anyway: no choice is kept for it
      const known = (await this.repo.recipients(tx, [userId])).get(userId);
      if (known?.email) await this.repo.saveChoices(tx, userId, [{ type, channel: 'email', enabled: false }]);
    });
    return { ...this.answer(type, false), message: 'You will no longer receive these e-mails.' };
  }

  private opened(token: string): { userId: string; type: NotificationType } {
    const opened = this.links.open(token);
    if (!opened || !(NOTIFICATION_TYPES[opened.type].channels as readonly string[]).includes('email'))
      throw gamificationErrors.invalidUnsubscribeLink();
    return opened;
  }

  private answer(type: NotificationType, subscribed: boolean): RouteOutput<R['unsubscribeLink']> {
    return { type, category: NOTIFICATION_TYPES[type].category, subscribed };
  }
}
