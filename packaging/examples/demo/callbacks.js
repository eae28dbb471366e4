// Callbacks of the demo configuration (gatehouse.json beside this file).
//
// authorize() checks a credentials sign-in and returns the user, or null to refuse it. It may
// also return a Promise, or throw ({ code: "..." } picks the error code shown in the URL).
// The one demo account is for trying Gatehouse out: never deploy it.
function authorize(credentials, request) {
  if (credentials.username === "demo" && credentials.password === "demo-password")
    return { id: "demo", name: "Demo User", email: "demo@example.test" };
  console.info("refused demo sign-in for", JSON.stringify(credentials.username), "from", request.remoteAddress);
  return null;
}
