// The demo host's side of the embedded handshake (see embedded-demo.html). A file of its own: the
// portal's content security policy runs scripts from its origin only, never inline ones.
const frame = document.getElementById('portal');
const list = document.getElementById('messages');
window.addEventListener('message', (event) => {
  if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return;
  const data = event.data || {};
  if (data.type === 'cmp:embedded-hello') {
    frame.contentWindow.postMessage({ type: 'cmp:host-user-data', userData: { shell: 'embedded-demo' } }, window.location.origin);
  } else if (data.type === 'cmp:message' && data.message) {
    const item = document.createElement('li');
    const action = document.createElement('span');
    action.className = 'action';
    action.textContent = `${data.action} ${data.message.type}: `;
    item.append(action, document.createTextNode(data.message.text));
    item.dataset.messageId = data.message.id;
    list.append(item);
  }
});
