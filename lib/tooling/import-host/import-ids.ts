// Terraform import IDs in the grammar of the official lxc/incus provider (which the bundled provider shares):
//   instance  [remote:][project/]name,image=<alias or fingerprint>
//   volume    [remote:][project]/pool/name
//   network, profile, storage pool   [remote:][project/]name
//   project   [remote:]name
//   zone record  [remote:][project]/zone/name
//   network forward, load balancer  [remote:][project]/network/listen_address
//   storage bucket  [remote:][project]/pool/name;  bucket key  [remote:][project]/pool/bucket/name
//   certificate  [remote:]fingerprint;  cluster group  [remote:]name
// The functions below build the remote-less part; withRemote() adds the `remote:` prefix.

/** Prefixes an import ID with the remote its resource names, so the imported state matches the configuration. */
export function withRemote(remote: string, id: string): string {
  return `${remote}:${id}`;
}

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

export function zoneRecordImportId(zone: string, name: string, project?: string): string {
  // Like a volume's: the project slash is always there, an empty project meaning "default".
  return `${project && project !== "default" ? project : ""}/${zone}/${name}`;
}

export function forwardImportId(network: string, listenAddress: string, project?: string): string {
  // Like a volume's: the project slash is always there, an empty project meaning "default".
  return `${project && project !== "default" ? project : ""}/${network}/${listenAddress}`;
}

export function bucketImportId(pool: string, name: string, project?: string): string {
  // Like a volume's: the project slash is always there, an empty project meaning "default".
  return `${project && project !== "default" ? project : ""}/${pool}/${name}`;
}

export function bucketKeyImportId(pool: string, bucket: string, name: string, project?: string): string {
  return `${bucketImportId(pool, bucket, project)}/${name}`;
}

export function projectImportId(name: string): string {
  return name;
}
