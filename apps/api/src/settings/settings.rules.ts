import { applyDecorators } from '@nestjs/common';
import { HTTP_URL, isTrackingUrlTemplate } from '@oms/domain';
import { IsString, Matches, MaxLength } from 'class-validator';
import { check, rule } from '../common/validation/rules';

// Field rules of the settings area; rule and check (the wire's rule keys) are common/validation/rules.ts'.

/** A secret as typed (not trimmed: spaces may be part of a password), at most `max` characters. */
export const SecretText = (max: number) =>
  applyDecorators(
    IsString(rule('invalid')),
    // eslint-disable-next-line no-control-regex -- the NUL character is exactly what is refused
    Matches(/^[^\u0000]*$/, rule('invalid')),
    MaxLength(max, rule('max_length', { max })),
  );

/** An absolute http(s) address, or '' (cleared); `errorCode` names the refusal. */
export const HttpUrl = (errorCode: string) => check('httpUrl', (v) => typeof v === 'string' && (v === '' || HTTP_URL.test(v)), errorCode);

/** A delivery company's tracking URL template: `{code}` where the tracking code goes, or '' (cleared). */
export const TrackingUrlTemplate = () => check('trackingUrlTemplate', (v) => typeof v === 'string' && (v === '' || isTrackingUrlTemplate(v)), 'NAL_DELIVERY-007');
