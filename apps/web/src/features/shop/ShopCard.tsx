/** A card of the shop: a titled panel. */
export function ShopCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section
      className="panel flex flex-col gap-3 px-4 py-4 sm:px-5"
      aria-labelledby={`shop-${id}`}
      data-testid={`shop-${id}`}
    >
      <h2 id={`shop-${id}`} className="panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
