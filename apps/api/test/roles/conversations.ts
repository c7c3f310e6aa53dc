/**
 * Routes of conversations and maker inquiries and who may pass the guard (see roles.e2e-spec.ts for the
 * letters; DESIGN.md §8's "maker inquiries and maker chat" and "customer chat" rows). A thread's own
 * routes let both rows through; the handler then holds each thread to its kind's row (tested in
 * conversations.e2e-spec.ts).
 */
export const CONVERSATIONS_ROUTES: Record<string, string> = {
  'POST /conversations/maker': 'yyyy--y',
  'GET /conversations/customer/:id': 'yyyyy--',
  'GET /conversations/:id': 'yyyyy-y',
  'PUT /conversations/:id': 'yyyyy-y',
  'GET /conversations/:id/message': 'yyyyy-y',
  'POST /conversations/:id/message': 'yyyyy-y',
  'PUT /conversations/:id/message/:msgId': 'yyyyy-y',
  'DELETE /conversations/:id/message/:msgId': 'yyyyy-y',
  // A download (the media token).
  'GET /conversations/:id/message/:msgId/attachment': 'yyyyy-y',
  'GET /maker-inquiries': 'yyyy--y',
  'POST /maker-inquiries': 'yyyy--y',
  'GET /maker-inquiries/:id': 'yyyy--y',
  'PUT /maker-inquiries/:id': 'yyyy---',
};
