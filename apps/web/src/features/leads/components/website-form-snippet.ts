/**
 * The HTML a firm pastes into its website: the fields the public lead endpoint takes, a
 * `website` field people never see (robots fill it in, and such posts are dropped), and a few
 * lines of script that send the form as JSON and say how it went.
 */
export function formSnippet(endpoint: string): string {
  return `<form id="atelier-lead-form">
  <p><label>First name <input name="firstName" required maxlength="80"></label></p>
  <p><label>Last name <input name="lastName" maxlength="80"></label></p>
  <p><label>Email <input name="email" type="email" maxlength="254"></label></p>
  <p><label>Phone <input name="phone" type="tel" maxlength="40"></label></p>
  <p><label>Company <input name="companyName" maxlength="160"></label></p>
  <p><label>How can we help? <textarea name="message" rows="4" maxlength="4000"></textarea></label></p>
  <div aria-hidden="true" style="position:absolute;left:-10000px">
    <label>Leave this empty <input name="website" tabindex="-1" autocomplete="off"></label>
  </div>
  <p><button type="submit">Send</button></p>
  <p role="status" data-status></p>
</form>
<script>
  document.getElementById('atelier-lead-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const status = form.querySelector('[data-status]');
    status.textContent = 'Sending…';
    try {
      const response = await fetch('${endpoint}', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(new FormData(form))),
      });
      const body = await response.json().catch(() => null);
      if (!response.ok) throw new Error(body?.error?.message ?? 'Your message could not be sent. Please try again.');
      form.reset();
      status.textContent = 'Thank you! We will be in touch soon.';
    } catch (error) {
      status.textContent = error instanceof TypeError ? 'Your message could not be sent. Please try again.' : error.message;
    }
  });
</script>`;
}
