import { notFound } from "~/lib/responses";

/** An unknown address inside the staff area: behind the sign-in like the rest, then 404. */
export const loader = () => notFound();
export const action = loader;
