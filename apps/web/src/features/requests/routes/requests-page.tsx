/** The client's requests (built by the requests work in progress). */
export default function RequestsPage() {
  return <h1 className="text-2xl font-semibold">Requests</h1>;
}
