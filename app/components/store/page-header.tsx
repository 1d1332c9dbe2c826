/** The title band at the top of a content page. */
export function PageHeader({ title, intro }: { title: string; intro?: React.ReactNode }) {
  return (
    <div className="border-b bg-[radial-gradient(ellipse_at_top,_#2b2112_0%,_#0c0a07_70%)]">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6 sm:py-20">
        <h1 className="text-4xl font-semibold text-foreground sm:text-5xl">{title}</h1>
        {intro && <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{intro}</p>}
      </div>
    </div>
  );
}
