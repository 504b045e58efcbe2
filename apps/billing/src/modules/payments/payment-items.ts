import { Injectable } from '@nestjs/common';
import { billingErrors } from '../../common/billing-errors.js';
import type { PaymentItemKind } from './payment-item.js';

/**
 * The kinds of thing that can be bought. Each kind registers itself when its module starts
 * (`onModuleInit() { items.register(this) }`), so adding one touches nothing here.
 */
@Injectable()
export class PaymentItems {
  private readonly kinds = new Map<string, PaymentItemKind>();

  register(kind: PaymentItemKind): void {
    if (this.kinds.has(kind.itemType)) throw new Error(`payment item kind ${kind.itemType} registered twice`);
    this.kinds.set(kind.itemType, kind);
  }

  /** the kind of an item type; a type nothing sells yet is "not for sale" */
  of(itemType: string): PaymentItemKind {
    const kind = this.kinds.get(itemType);
    if (!kind) throw billingErrors.notForSale(`A ${itemType} cannot be paid for here yet`);
    return kind;
  }

  find(itemType: string | null): PaymentItemKind | undefined {
    return itemType ? this.kinds.get(itemType) : undefined;
  }
}
