export default function Home() {
  return <h1>Shilajit</h1>;
}
