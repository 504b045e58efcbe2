import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AppError, catalogInternal, toMinor, type Caller, type CoursePricingResponse } from '@lp/contracts';
import { RpcClient } from '@lp/bus';
import { ENV } from '@lp/service-kit';
import type { z } from 'zod';
import type { BillingEnv } from '../../config/billing-env.js';
import { billingErrors } from '../../common/billing-errors.js';
import { PaymentItems } from '../payments/payment-items.js';
import type { ItemQuote, PaymentItemKind } from '../payments/payment-item.js';

/**
 * Courses for sale: catalog says the price (in dollars), whether the course is published and
 * who teaches it; the instructor receives the sale minus the platform's course fee. Catalog
 * enrolls the payer on billing.payment.completed.
 */
@Injectable()
export class CourseItem implements PaymentItemKind, OnModuleInit {
  readonly itemType = 'course' as const;

  constructor(
    @Inject(PaymentItems) private readonly items: PaymentItems,
    @Inject(RpcClient) private readonly rpc: RpcClient,
    @Inject(ENV) private readonly env: BillingEnv,
  ) {}

  onModuleInit(): void {
    this.items.register(this);
  }

  async quote(courseId: string, caller: Caller): Promise<ItemQuote> {
    let course: z.infer<typeof CoursePricingResponse>;
    try {
      course = await this.rpc.request(catalogInternal.coursePricing.subject, { course_id: courseId, user_id: caller.userId });
    } catch (e) {
      if (AppError.isAppError(e) && e.status === 404) throw billingErrors.itemNotFound('Course');
      throw e;
    }
    if (!course.is_published) throw billingErrors.notForSale('This course is not available for purchase');
    if (course.price <= 0) throw billingErrors.notForSale('This course is free: enroll without paying');
    if (course.instructor_id === caller.userId)
      throw billingErrors.ownItem('You teach this course: instructors do not buy their own courses');
    if (course.enrolled) throw billingErrors.alreadyEnrolled();
    return {
      amountMinor: toMinor(course.price, 'USD'),
      currency: 'USD',
      description: `Course: ${course.title}`,
      recipient: { id: course.instructor_id, type: 'instructor' },
      feePercent: this.env.PLATFORM_FEE_COURSE_PERCENT,
    };
  }
}
