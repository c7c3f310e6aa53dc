import { Id, OneOf, Optional } from '../validation/rules';
import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS } from './envelope';
import { Type } from 'class-transformer';

/** `page` and `per_page` of every list (DESIGN.md §4). */
export class PageQuery {
  @Optional()
  @Id()
  page: number = 1;

  @Optional()
  @Type(() => Number)
  @OneOf(PER_PAGE_OPTIONS)
  perPage: number = DEFAULT_PER_PAGE;
}
