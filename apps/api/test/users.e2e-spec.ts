import { expectErrorEnvelope, TestApp } from './support/test-app';
import { startTestEnvironment, TestEnvironment } from './support/test-env';

/** An address of exactly `length` characters that is otherwise valid (local part 64, labels ≤ 63). */
function emailOfLength(length: number): string {
  const local = 'u'.repeat(64);
  let domain = '';
  let remaining = length - local.length - 1 - '.jp'.length;
  while (remaining > 0) {
    const label = Math.min(63, remaining - (domain ? 1 : 0));
    domain += (domain ? '.' : '') + 'd'.repeat(label);
    remaining = length - local.length - 1 - '.jp'.length - domain.length;
  }
  const email = `${local}@${domain}.jp`;
  if (email.length !== length) throw new Error(`built ${email.length}, wanted ${length}`);
  return email;
}

describe('accounts API', () => {
  let env: TestEnvironment;
  let api: TestApp;
  let admin: Awaited<ReturnType<TestApp['signedIn']>>;
  let approver: Awaited<ReturnType<TestApp['signedIn']>>;

  beforeAll(async () => {
    env = await startTestEnvironment();
    api = await TestApp.start(env.config);
    admin = await api.signedIn('system_admin');
    approver = await api.signedIn('approver');
  });

  afterAll(async () => {
    await api?.close();
    await env?.stop();
  });

  const count = async (sql: string, params: unknown[] = []) => (await api.dataSource.query(sql, params))[0].n as number;

  it('creates an account, answers it in snake_case and records account.created in the outbox', async () => {
    const res = await api.http
      .post('/api/v1/users')
      .set('Authorization', admin.auth)
      .send({ email: '  Hanako.Sato@Example.JP ', name: '佐藤 花子', role: 'accountant', company_name: '株式会社テスト' })
      .expect(201);
    expect(res.body.data).toMatchObject({
      id: expect.any(Number),
      email: 'hanako.sato@example.jp',
      name: '佐藤 花子',
      role: 'accountant',
      company_name: '株式会社テスト',
      status: 'valid',
      allow_social_login: true,
      maker_id: null,
      last_login: null,
      version: 1,
    });
    const [event] = await api.dataSource.query(`SELECT type, aggregate_id, payload FROM outbox_events WHERE aggregate_id = $1`, [String(res.body.data.id)]);
    expect(event).toEqual({ type: 'account.created', aggregate_id: String(res.body.data.id), payload: expect.objectContaining({ email: 'hanako.sato@example.jp' }) });
  });

  describe('limits of SPEC.md §5 at their boundaries', () => {
    const post = (body: object) => api.http.post('/api/v1/users').set('Authorization', admin.auth).send({ role: 'operator', ...body });

    it('name: 2 to 100 characters', async () => {
      expect((await post({ email: 'n2@example.com', name: 'ab' })).status).toBe(201);
      expect((await post({ email: 'n100@example.com', name: '名'.repeat(100) })).status).toBe(201);
      const short = await post({ email: 'n1@example.com', name: 'a' }).expect(422);
      expect(short.body.error.errors).toEqual([{ field: 'name', error_code: 'min_length', params: { min: 2 } }]);
      const long = await post({ email: 'n101@example.com', name: '名'.repeat(101) }).expect(422);
      expect(long.body.error.errors).toEqual([{ field: 'name', error_code: 'max_length', params: { max: 100 } }]);
    });

    it('email: at most 255 characters, well formed, unique ignoring case', async () => {
      expect((await post({ email: emailOfLength(255), name: 'Max Mail' })).status).toBe(201);
      const long = await post({ email: emailOfLength(256), name: 'Long Mail' }).expect(422);
      expect(long.body.error.errors).toEqual([{ field: 'email', error_code: 'max_length', params: { max: 255 } }]);
      const bad = await post({ email: 'not-an-email', name: 'Bad Mail' }).expect(422);
      expect(bad.body.error.errors).toEqual([{ field: 'email', error_code: 'email_invalid' }]);
      await post({ email: 'taken@example.com', name: 'First' }).expect(201);
      const dup = await post({ email: 'TAKEN@example.com', name: 'Second' }).expect(422);
      expect(dup.body.error.errors).toEqual([{ field: 'email', error_code: 'unique' }]);
    });

    it('lists every missing field at once, and writes nothing', async () => {
      const before = await count(`SELECT count(*)::int AS n FROM outbox_events`);
      const res = await api.http.post('/api/v1/users').set('Authorization', admin.auth).send({ role: 'nobody' }).expect(422);
      expect(res.body.error.errors).toEqual([
        { field: 'email', error_code: 'required' },
        { field: 'name', error_code: 'required' },
        { field: 'role', error_code: 'in', params: { values: 'system_admin,approver,estimate_approver,operator,call_center,accountant,maker' } },
      ]);
      expect(await count(`SELECT count(*)::int AS n FROM outbox_events`)).toBe(before);
    });

    it('a maker user needs a maker, and only maker users have one', async () => {
      const noMaker = await post({ email: 'maker.a@example.com', name: 'Maker A', role: 'maker' }).expect(422);
      expect(noMaker.body.error.errors).toEqual([{ field: 'maker_id', error_code: 'NAL-USER-001' }]);
      const maker = await api.maker();
      const stray = await post({ email: 'op.a@example.com', name: 'Op A', maker_id: Number(maker.id) }).expect(422);
      expect(stray.body.error.errors).toEqual([{ field: 'maker_id', error_code: 'NAL-USER-002' }]);
      const ok = await post({ email: 'maker.b@example.com', name: 'Maker B', role: 'maker', maker_id: Number(maker.id) }).expect(201);
      expect(ok.body.data.maker_id).toBe(Number(maker.id));
    });
  });

  it('lets only a system admin manage system admins', async () => {
    const denied = await api.http
      .post('/api/v1/users')
      .set('Authorization', approver.auth)
      .send({ email: 'new.root@example.com', name: 'New Root', role: 'system_admin' });
    expect(denied.status).toBe(403);
    expectErrorEnvelope(denied.body, 'NAL-USER-003');
    const root = await api.user('system_admin');
    const edit = await api.http
      .put(`/api/v1/users/${root.id}`)
      .set('Authorization', approver.auth)
      .send({ email: root.email, name: 'Renamed', role: 'system_admin', version: root.version });
    expect(edit.status).toBe(403);
    await api.http.delete(`/api/v1/users/${root.id}`).set('Authorization', approver.auth).expect(403);
    await api.http
      .post('/api/v1/users')
      .set('Authorization', admin.auth)
      .send({ email: 'new.root@example.com', name: 'New Root', role: 'system_admin' })
      .expect(201);
  });

  it('updates with the version read, and refuses a stale version without changing anything', async () => {
    const user = await api.user('operator', { email: 'versioned@example.com' });
    const put = (version: number, name: string) =>
      api.http.put(`/api/v1/users/${user.id}`).set('Authorization', admin.auth).send({ email: user.email, name, role: 'call_center', version });
    const first = await put(user.version, 'Second Name').expect(200);
    expect(first.body.data).toMatchObject({ name: 'Second Name', role: 'call_center', version: user.version + 1 });
    const stale = await put(user.version, 'Lost Update');
    expect(stale.status).toBe(400);
    expectErrorEnvelope(stale.body, 'NAL-USER-006');
    const now = await api.http.get(`/api/v1/users/${user.id}`).set('Authorization', admin.auth).expect(200);
    expect(now.body.data.name).toBe('Second Name');
  });

  it('keeps what a PUT leaves out, and clears what it sets to null', async () => {
    const created = await api.http
      .post('/api/v1/users')
      .set('Authorization', admin.auth)
      .send({ email: 'avatar@example.com', name: 'Avatar Owner', role: 'operator', avatar: 'https://cdn.example.com/a.png', company_name: '株式会社A' })
      .expect(201);
    const { id, version } = created.body.data;
    const kept = await api.http
      .put(`/api/v1/users/${id}`)
      .set('Authorization', admin.auth)
      .send({ email: 'avatar@example.com', name: 'Avatar Renamed', role: 'operator', version })
      .expect(200);
    expect(kept.body.data).toMatchObject({ name: 'Avatar Renamed', avatar: 'https://cdn.example.com/a.png', company_name: '株式会社A' });
    const cleared = await api.http
      .put(`/api/v1/users/${id}`)
      .set('Authorization', admin.auth)
      .send({ email: 'avatar@example.com', name: 'Avatar Renamed', role: 'operator', company_name: null, version: version + 1 })
      .expect(200);
    expect(cleared.body.data).toMatchObject({ avatar: 'https://cdn.example.com/a.png', company_name: null });
  });

  it('refuses input the database could not hold with 422, not 500', async () => {
    const nul = await api.http.post('/api/v1/users').set('Authorization', admin.auth).send({ email: 'nul@example.com', name: 'ab\u0000c', role: 'operator' }).expect(422);
    expect(nul.body.error.errors).toEqual([{ field: 'name', error_code: 'invalid' }]);
    const user = await api.user('operator');
    const big = await api.http
      .put(`/api/v1/users/${user.id}`)
      .set('Authorization', admin.auth)
      .send({ email: user.email, name: 'Big Version', role: 'operator', version: 2147483648 })
      .expect(422);
    expect(big.body.error.errors).toEqual([{ field: 'version', error_code: 'max', params: { max: 2147483647 } }]);
  });

  it('keeps people from locking themselves out', async () => {
    const self = await api.http.get(`/api/v1/users/${approver.id}`).set('Authorization', approver.auth).expect(200);
    const demote = await api.http
      .put(`/api/v1/users/${approver.id}`)
      .set('Authorization', approver.auth)
      .send({ email: self.body.data.email, name: 'Me', role: 'operator', version: self.body.data.version });
    expectErrorEnvelope(demote.body, 'NAL-USER-005');
    const remove = await api.http.delete(`/api/v1/users/${approver.id}`).set('Authorization', approver.auth);
    expect(remove.status).toBe(400);
    expectErrorEnvelope(remove.body, 'NAL-USER-004');
  });

  it('deletes an account: it disappears, its sessions end, and its e-mail can be registered again', async () => {
    const user = await api.user('operator', { email: 'leaving@example.com' });
    await api.dataSource.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES ($1, gen_random_uuid(), repeat('a', 64), now() + interval '1 day')`,
      [user.id],
    );
    await api.http.delete(`/api/v1/users/${user.id}`).set('Authorization', admin.auth).expect(204);
    await api.http.get(`/api/v1/users/${user.id}`).set('Authorization', admin.auth).expect(404);
    await api.http.delete(`/api/v1/users/${user.id}`).set('Authorization', admin.auth).expect(404);
    expect(await count(`SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`, [user.id])).toBe(0);
    await api.http.post('/api/v1/users').set('Authorization', admin.auth).send({ email: 'leaving@example.com', name: 'Back Again', role: 'operator' }).expect(201);
  });

  it('filters by name, e-mail, role and status, and pages', async () => {
    await api.user('call_center', { email: 'filter.one@example.org', name: 'Filter Yamada' });
    await api.user('call_center', { email: 'filter.two@example.org', name: 'Filter Tanaka', status: 'invalid' });
    await api.user('accountant', { email: 'filter.three@example.org', name: 'Filter Suzuki' });
    const list = (query: string) => api.http.get(`/api/v1/users?${query}`).set('Authorization', admin.auth).expect(200);

    expect((await list('name=yamada')).body.data.map((u: { email: string }) => u.email)).toEqual(['filter.one@example.org']);
    expect((await list('email=filter.&role=call_center&status=valid')).body.data.map((u: { email: string }) => u.email)).toEqual(['filter.one@example.org']);
    const roles = await list('email=example.org&role=call_center&role=accountant&sort=name&order=asc');
    expect(roles.body.data.map((u: { name: string }) => u.name)).toEqual(['Filter Suzuki', 'Filter Tanaka', 'Filter Yamada']);
    expect((await list('name=%25')).body.data).toEqual([]);

    const page1 = await list('email=example.org&per_page=20&sort=name&order=asc');
    expect(page1.body.pagination).toMatchObject({ total: 3, from: 1, to: 3, last_page: 1 });
    const bad = await api.http.get('/api/v1/users?role=king&status=maybe').set('Authorization', admin.auth).expect(422);
    expect(bad.body.error.errors.map((e: { field: string }) => e.field)).toEqual(['role', 'status']);
  });
});
