// A config.yml as `incus remote add` writes it: a default remote, an image server, an HTTPS remote and the socket.
export const CONFIG_YML = `default-remote: lab
remotes:
  images:
    addr: https://images.linuxcontainers.org
    protocol: simplestreams
    public: true
  lab:
    addr: "https://10.0.0.5:8443"   # a comment
    auth_type: tls
    project: web
  local:
    addr: unix://
    public: false
aliases: {}
`;
