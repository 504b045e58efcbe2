import { describe, expect, it } from '@jest/globals';
import { NOTIFICATION_TYPE_LABELS } from '@lp/contracts';
import en from '../../i18n/en-notifications.json' with { type: 'json' };

describe("the notification types' names", () => {
  it("are the same in the SPA's English catalogue as in the contracts (a digest e-mail names its type with them)", () => {
    expect(en.notifications.types).toEqual(NOTIFICATION_TYPE_LABELS);
  });
});
