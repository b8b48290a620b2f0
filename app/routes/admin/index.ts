import { redirect } from "react-router";
import { STAFF_HOME } from "~/staff/inbox";

export const loader = () => redirect(STAFF_HOME);
