import { redirect } from "react-router";
import { STAFF_HOME } from "~/staff/home";

export const loader = () => redirect(STAFF_HOME);
