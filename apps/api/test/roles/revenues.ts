/** Routes of the revenues area and who may pass the guard (see roles.e2e-spec.ts for the letters; DESIGN.md §8's revenue row, shared with deposits). */
export const REVENUES_ROUTES: Record<string, string> = {
  'GET /revenues': 'yyyy-y-',
  'GET /revenues/:id': 'yyyy-y-',
  'PUT /revenues/:id': 'yy---y-',
  // Downloads (the media token).
  'GET /revenues/ss': 'yyyy-y-',
  'GET /revenues/receivables': 'yyyy-y-',
  'GET /revenues/prepays': 'yyyy-y-',
  'GET /revenues/:id/download': 'yyyy-y-',
};
