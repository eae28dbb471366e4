// The reference server's credentials check, for gatehouse-server.
function authorize(credentials, request) {
  if (credentials.username === "alice" && credentials.password === "alice-password")
    return { id: "1", name: "Alice", email: "alice@example.test" };
  return null;
}
