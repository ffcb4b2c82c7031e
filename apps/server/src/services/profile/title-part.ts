import { text } from "drizzle-orm/pg-core";
import { playerPart } from "../../world/player-part";

/** The title the profile and chat show beside the name, and its colour (setTitle). */
export const titlePart = playerPart({
  name: "title",
  columns: {
    title: text("title").notNull().default(""),
    titleColor: text("title_color").notNull().default(""),
  },
  // setTitle changes both.
  dirtyWith: { titleColor: "title" },
});
