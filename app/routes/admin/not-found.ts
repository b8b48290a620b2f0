import { data } from "react-router";

/** An unknown address inside the staff area: behind the sign-in like the rest, then 404. */
export const loader = () => {
  throw data(null, { status: 404 });
};
export const action = loader;
