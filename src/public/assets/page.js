// Progressive enhancement of the public pages: the copy button (the link stays selectable without
// JavaScript) and the browser's own share sheet where there is one.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const input = document.getElementById(button.getAttribute('data-copy'));
  if (!input) return;
  input.select();
  const done = () => {
    button.textContent = 'Copied';
    setTimeout(() => (button.textContent = 'Copy'), 2000);
  };
  if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, () => document.execCommand('copy') && done());
  else if (document.execCommand('copy')) done();
});
