import axios from "axios";

export async function listUsers() {
  const response = await axios.get("/users");
  return response.data;
}
