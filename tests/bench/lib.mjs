// Shared by the bench files: loopback HTTP calls and account creation.
export const PASSWORD = 'Secret123!';

export async function call(base, method, path, { token, json, form } = {}) {
  const headers = {};
  let body;
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

export async function account(base, username) {
  await call(base, 'POST', '/api/users', { json: { username, email: `${username}@example.com`, password: PASSWORD } });
  const { access_token } = await call(base, 'POST', '/api/auth/login', { form: { username, password: PASSWORD } });
  return { username, token: access_token };
}
