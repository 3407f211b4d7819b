/** The page a review link opens (built by the review work in progress). */
export default function ReviewPage() {
  return <h1 className="text-2xl font-semibold">Review</h1>;
}
