/**
 * The development page of the Bot API double (http://127.0.0.1:3081/ under `npm start`): chat
 * with the local bot as a pretend Telegram user, press its inline buttons. Served by the
 * double only, so it exists only where the double runs (development without a token, loopback).
 */
export function chatPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LearnHub bot: local chat</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
#log{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;height:26rem;overflow-y:auto;background:#f9fafb}
.me{text-align:right;margin:.4rem 0}.me span{background:#2563eb;color:#fff}
.bot{margin:.4rem 0}.bot span{background:#e5e7eb}
span{display:inline-block;padding:.4rem .7rem;border-radius:.6rem;white-space:pre-wrap;max-width:85%;text-align:left}
.keys button{margin:.2rem .2rem 0 0}
form{display:flex;gap:.5rem;margin-top:.5rem}input[name=text]{flex:1}
label{font-size:.9rem}
</style></head><body>
<h1>Chat with the local bot</h1>
<p>A pretend Telegram user writes to the bot through the local double of the Bot API. Link this user with
<code>/start &lt;code&gt;</code>, the code shown on /profile.</p>
<label>Telegram user id <input id="uid" type="number" value="424242" min="1"></label>
<label>Name <input id="name" value="Test"></label>
<div id="log" aria-live="polite"></div>
<form id="f"><input name="text" autocomplete="off" placeholder="/help" required><button>Send</button></form>
<script>
const log = document.getElementById('log');
const uid = () => document.getElementById('uid').value;
let seen = new Map();
function line(cls, text, keys, id) {
  const d = document.createElement('div'); d.className = cls;
  const s = document.createElement('span'); s.textContent = text; d.appendChild(s);
  if (keys) { const k = document.createElement('div'); k.className = 'keys';
    for (const row of keys) for (const b of row) { const btn = document.createElement('button'); btn.textContent = b.text;
      btn.onclick = () => fetch('/_double/users/' + uid() + '/presses', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message_id: id, data: b.callback_data, first_name: document.getElementById('name').value }) });
      k.appendChild(btn); }
    d.appendChild(k); }
  return d;
}
async function poll() {
  try {
    const r = await (await fetch('/_double/chats/' + uid())).json();
    for (const m of r.result) {
      const key = m.message_id + ':' + m.text;
      if (seen.get(m.message_id) === key) continue;
      const el = line('bot', m.text, m.reply_markup && m.reply_markup.inline_keyboard, m.message_id);
      const old = document.getElementById('m' + m.message_id);
      el.id = 'm' + m.message_id;
      if (old) old.replaceWith(el); else log.appendChild(el);
      seen.set(m.message_id, key); log.scrollTop = log.scrollHeight;
    }
  } catch {}
  setTimeout(poll, 700);
}
document.getElementById('uid').onchange = () => { seen = new Map(); log.textContent = ''; };
document.getElementById('f').onsubmit = async (e) => {
  e.preventDefault(); const t = e.target.text.value.trim(); if (!t) return;
  log.appendChild(line('me', t)); e.target.text.value = '';
  await fetch('/_double/users/' + uid() + '/messages', { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: t, first_name: document.getElementById('name').value }) });
};
poll();
</script></body></html>`;
}
