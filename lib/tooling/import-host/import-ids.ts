// Terraform import IDs in the grammar of the official lxc/incus provider (which the bundled provider shares):
//   instance  [remote:][project/]name,image=<alias or fingerprint>
//   volume    [remote:][project]/pool/name
//   network, profile, storage pool   [remote:][project/]name
//   project   [remote:]name
// The generated code leaves `remote` unset on adopted resources (see render-stack.ts), so the IDs name no remote
// either: the object is looked up on the provider's default remote, which is the stack's only host.

function projectPart(project: string | undefined): string {
  return project && project !== "default" ? `${project}/` : "";
}

export function instanceImportId(name: string, project: string | undefined, image: string): string {
  return `${projectPart(project)}${name},image=${image}`;
}

export function volumeImportId(pool: string, name: string, project: string | undefined): string {
  // Two fields: the project slash is always there, an empty project meaning "default".
  return `${project && project !== "default" ? project : ""}/${pool}/${name}`;
}

export function namedImportId(name: string, project?: string): string {
  return `${projectPart(project)}${name}`;
}

export function projectImportId(name: string): string {
  return name;
}
